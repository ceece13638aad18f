import type { TranslationMessages } from 'react-admin';

/**
 * Catálogo de traduções em português do Brasil (pt-BR) para o react-admin.
 *
 * Cobre todas as chaves de `ra-language-english` (react-admin 5.15) e o
 * namespace `app`, usado pelos componentes próprios da Secretaria.
 *
 * Regras de manutenção:
 * - preserve os marcadores de interpolação do polyglot (`%{name}`,
 *   `%{smart_count}` etc.) e a separação de plurais `||||`;
 * - o teste `tests/unit/i18n.test.ts` compara este catálogo com o inglês e
 *   falha se faltar alguma chave ou marcador.
 *
 * Omissões intencionais de marcadores (conferidas no teste):
 * - `ra.navigation.no_results` não usa `%{name}` ("Nenhum registro encontrado"),
 *   o que evita erros de concordância de gênero com o nome do recurso;
 * - `ra.message.delete_title` e `ra.message.delete_content` usam o texto
 *   padrão de confirmação da Secretaria, sem nome do recurso.
 */
export const ptBRMessages: TranslationMessages = {
  ra: {
    action: {
      add_filter: 'Adicionar filtro',
      add: 'Adicionar',
      back: 'Voltar',
      bulk_actions: '1 item selecionado |||| %{smart_count} itens selecionados',
      cancel: 'Cancelar',
      clear_array_input: 'Limpar a lista',
      clear_input_value: 'Limpar valor',
      clone: 'Duplicar',
      confirm: 'Confirmar',
      create: 'Novo',
      create_item: 'Criar %{item}',
      delete: 'Apagar',
      edit: 'Editar',
      export: 'Exportar',
      list: 'Listar',
      refresh: 'Atualizar',
      remove_filter: 'Remover este filtro',
      remove_all_filters: 'Remover todos os filtros',
      remove: 'Remover',
      reset: 'Redefinir',
      save: 'Salvar',
      search: 'Pesquisar',
      search_columns: 'Pesquisar colunas',
      select_all: 'Selecionar todos',
      select_all_button: 'Selecionar todos',
      select_row: 'Selecionar esta linha',
      show: 'Exibir',
      sort: 'Ordenar',
      undo: 'Desfazer',
      unselect: 'Desmarcar',
      expand: 'Expandir',
      close: 'Fechar',
      open_menu: 'Abrir menu',
      close_menu: 'Fechar menu',
      update: 'Atualizar',
      move_up: 'Mover para cima',
      move_down: 'Mover para baixo',
      open: 'Abrir',
      toggle_theme: 'Alternar modo claro/escuro',
      select_columns: 'Colunas',
      update_application: 'Recarregar aplicação',
    },
    boolean: {
      true: 'Sim',
      false: 'Não',
      null: ' ',
    },
    page: {
      create: 'Cadastrar %{name}',
      dashboard: 'Painel',
      edit: '%{name} %{recordRepresentation}',
      error: 'Algo deu errado',
      list: '%{name}',
      loading: 'Carregando',
      not_found: 'Página não encontrada!',
      show: '%{name} %{recordRepresentation}',
      empty: 'Ainda não há registros de %{name}.',
      invite: 'Deseja cadastrar agora?',
      access_denied: 'Acesso negado',
      authentication_error: 'Erro de autenticação',
    },
    input: {
      file: {
        upload_several: 'Arraste alguns arquivos para enviar ou clique para selecionar um.',
        upload_single: 'Arraste um arquivo para enviar ou clique para selecioná-lo.',
      },
      image: {
        upload_several: 'Arraste algumas imagens para enviar ou clique para selecionar uma.',
        upload_single: 'Arraste uma imagem para enviar ou clique para selecioná-la.',
      },
      references: {
        all_missing: 'Não foi possível encontrar os dados de referência.',
        many_missing: 'Pelo menos uma das referências associadas parece não estar mais disponível.',
        single_missing: 'A referência associada parece não estar mais disponível.',
      },
      password: {
        toggle_visible: 'Ocultar senha',
        toggle_hidden: 'Mostrar senha',
      },
    },
    message: {
      about: 'Sobre',
      access_denied: 'Você não tem permissão para acessar esta página.',
      are_you_sure: 'Deseja confirmar a ação?',
      authentication_error:
        'O servidor de autenticação retornou um erro e não foi possível verificar suas credenciais.',
      auth_error: 'Ocorreu um erro ao validar o token de autenticação.',
      bulk_delete_content:
        'Tem certeza de que deseja apagar este registro de %{name}? |||| Tem certeza de que deseja apagar estes %{smart_count} registros?',
      bulk_delete_title: 'Apagar %{name} |||| Apagar %{smart_count} %{name}',
      bulk_update_content:
        'Tem certeza de que deseja atualizar %{name} %{recordRepresentation}? |||| Tem certeza de que deseja atualizar estes %{smart_count} registros?',
      bulk_update_title: 'Atualizar %{name} %{recordRepresentation} |||| Atualizar %{smart_count} %{name}',
      clear_array_input: 'Tem certeza de que deseja limpar toda a lista?',
      delete_content: 'Você não será capaz de reverter isso!',
      delete_title: 'Deseja confirmar a ação?',
      details: 'Detalhes',
      error: 'Ocorreu um erro e não foi possível concluir a sua solicitação.',
      invalid_form: 'O formulário não é válido. Verifique os campos destacados.',
      loading: 'Aguarde, por favor',
      no: 'Não',
      not_found: 'O endereço digitado está incorreto ou o link seguido é inválido.',
      select_all_limit_reached:
        'Há elementos demais para selecionar todos. Apenas os primeiros %{max} foram selecionados.',
      unsaved_changes: 'Algumas alterações não foram salvas. Deseja mesmo descartá-las?',
      yes: 'Sim',
      placeholder_data_warning: 'Problema de conexão: não foi possível atualizar os dados.',
    },
    navigation: {
      clear_filters: 'Limpar filtros',
      no_filtered_results: 'Nenhum registro de %{name} encontrado com os filtros atuais.',
      no_results: 'Nenhum registro encontrado',
      no_more_results: 'A página %{page} está fora do intervalo. Tente a página anterior.',
      page_out_of_boundaries: 'Página %{page} fora do intervalo',
      page_out_from_end: 'Não é possível avançar além da última página',
      page_out_from_begin: 'Não é possível voltar antes da página 1',
      page_range_info: '%{offsetBegin}-%{offsetEnd} de %{total}',
      partial_page_range_info: '%{offsetBegin}-%{offsetEnd} de mais de %{offsetEnd}',
      current_page: 'Página %{page}',
      page: 'Ir para a página %{page}',
      first: 'Ir para a primeira página',
      last: 'Ir para a última página',
      next: 'Ir para a próxima página',
      previous: 'Ir para a página anterior',
      page_rows_per_page: 'Linhas por página:',
      skip_nav: 'Pular para o conteúdo',
    },
    sort: {
      sort_by: 'Ordenar por %{field_lower_first} em ordem %{order}',
      ASC: 'crescente',
      DESC: 'decrescente',
    },
    auth: {
      auth_check_error: 'Faça login para continuar',
      user_menu: 'Perfil',
      username: 'E-mail',
      password: 'Senha',
      email: 'E-mail',
      sign_in: 'Entrar',
      sign_in_error: 'Falha na autenticação. Tente novamente.',
      logout: 'Sair',
    },
    notification: {
      updated: 'Registro atualizado com sucesso! |||| %{smart_count} registros atualizados com sucesso!',
      created: 'Registro criado com sucesso!',
      deleted: 'Registro apagado com sucesso! |||| %{smart_count} registros apagados com sucesso!',
      bad_item: 'Registro incorreto',
      item_doesnt_exist: 'Registro inexistente',
      http_error: 'Erro de comunicação com o servidor',
      data_provider_error: 'Erro no dataProvider. Verifique o console para mais detalhes.',
      i18n_error: 'Não foi possível carregar as traduções do idioma selecionado',
      canceled: 'Ação cancelada',
      logged_out: 'Sua sessão foi encerrada. Entre novamente.',
      not_authorized: 'Você não tem permissão para acessar este recurso.',
      application_update_available: 'Uma nova versão está disponível.',
      offline: 'Sem conexão. Não foi possível carregar os dados.',
    },
    validation: {
      required: 'Campo obrigatório.',
      minLength: 'Deve ter no mínimo %{min} caracteres.',
      maxLength: 'Deve ter no máximo %{max} caracteres.',
      minValue: 'Deve ser no mínimo %{min}.',
      maxValue: 'Deve ser no máximo %{max}.',
      number: 'Deve ser um número.',
      email: 'E-mail deve ser válido.',
      oneOf: 'Deve ser um dos seguintes valores: %{options}',
      regex: 'Deve corresponder a um formato específico (regexp): %{pattern}',
      unique: 'Deve ser único.',
    },
    saved_queries: {
      label: 'Consultas salvas',
      query_name: 'Nome da consulta',
      new_label: 'Salvar consulta atual...',
      new_dialog_title: 'Salvar consulta atual como',
      remove_label: 'Remover consulta salva',
      remove_label_with_name: 'Remover consulta "%{name}"',
      remove_dialog_title: 'Remover consulta salva?',
      remove_message: 'Tem certeza de que deseja remover este item da sua lista de consultas salvas?',
      help: 'Filtre a lista e salve esta consulta para usar depois',
    },
    guesser: {
      empty: {
        title: 'Nenhum dado para exibir',
        message: 'Verifique o seu provedor de dados (dataProvider)',
      },
    },
    configurable: {
      customize: 'Personalizar',
      configureMode: 'Configurar esta página',
      inspector: {
        title: 'Inspetor',
        content: 'Passe o mouse sobre os elementos da interface para configurá-los',
        reset: 'Redefinir configurações',
        hideAll: 'Ocultar tudo',
        showAll: 'Mostrar tudo',
      },
      Datagrid: {
        title: 'Tabela de dados',
        unlabeled: 'Coluna sem rótulo #%{column}',
      },
      SimpleForm: {
        title: 'Formulário',
        unlabeled: 'Campo sem rótulo #%{input}',
      },
      SimpleList: {
        title: 'Lista',
        primaryText: 'Texto principal',
        secondaryText: 'Texto secundário',
        tertiaryText: 'Texto terciário',
      },
    },
  },
  app: {
    action: {
      clear: 'Limpar',
      back: 'Voltar',
      confirm_delete: 'Sim, apague!',
      cancel_delete: 'Não, cancele!',
    },
    list: {
      filter: 'Filtrar a lista abaixo',
      title: 'Relação de todos os %{name}',
      title_f: 'Relação de todas as %{name}',
    },
    page: {
      not_found: 'Página não encontrada!',
    },
  },
};

export default ptBRMessages;
